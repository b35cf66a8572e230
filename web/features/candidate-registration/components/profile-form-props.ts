import type { RegistrationState } from '@shared/schemas/candidate.ts';

/** What the UAN, personal and professional forms take, in the registration and on the dashboard. */
export interface ProfileFormProps {
  state: RegistrationState;
  submitLabel: string;
  onSaved: (state: RegistrationState) => void;
  back?: { label: string; onClick: () => void };
}
