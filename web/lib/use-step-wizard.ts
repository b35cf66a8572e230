import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * A form wizard's steps (employer signup and employer onboarding): Next checks the step's fields
 * before moving on, Previous and Next are clamped at the ends, Enter in a field moves on like Next
 * until the last step, where it submits, and a submit that finds an earlier step invalid (edited
 * since) goes back to it.
 */
export function useStepWizard<T extends FieldValues, Values>({
  form,
  stepFields,
  onValid,
}: {
  form: UseFormReturn<T, unknown, Values>;
  /** The fields each step checks before Next; a step with none (a review) focuses its heading. */
  stepFields: readonly (readonly Path<T>[])[];
  onValid: (values: Values) => Promise<void>;
}) {
  const lastStep = stepFields.length - 1;
  const [step, setStep] = useState(0);

  // After Next or Previous, put the keyboard on the new step's first field (not on first load).
  const [moved, setMoved] = useState(false);
  const headingRef = useRef<HTMLLegendElement>(null);
  useEffect(() => {
    if (!moved) return;
    const first = stepFields[step]?.[0];
    if (first) form.setFocus(first);
    else headingRef.current?.focus();
  }, [step, moved, form, stepFields]);

  const goTo = (next: number) => {
    setMoved(true);
    setStep(Math.min(Math.max(next, 0), lastStep));
  };
  const goNext = async () => {
    const fields = stepFields[step];
    if (fields && (await form.trigger([...fields], { shouldFocus: true }))) goTo(step + 1);
  };

  const submit = form.handleSubmit(onValid, (errors) => {
    const index = stepFields.findIndex((fields) => fields.some((field) => field in errors));
    if (index >= 0) goTo(index);
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < lastStep) {
      event.preventDefault();
      void goNext();
      return;
    }
    void submit(event);
  };

  return { step, lastStep, headingRef, goTo, goNext, onSubmit };
}

export type StepWizard = ReturnType<typeof useStepWizard>;

/**
 * A wizard's field registration. Fields are checked when the user presses Next or submits, not on
 * blur: a message appearing on blur moves the buttons under the pointer between press and
 * release, and the click is lost. Once a field shows a message, typing re-checks it so the message
 * goes as soon as it is fixed.
 */
export function registerField<T extends FieldValues, Values>(form: UseFormReturn<T, unknown, Values>, name: Path<T>) {
  return form.register(name, {
    onChange: () => {
      if (form.getFieldState(name).error) void form.trigger(name);
    },
  });
}
