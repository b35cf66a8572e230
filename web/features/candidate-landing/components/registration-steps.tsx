// What registering involves, in the order of the registration flow (spec point 2).
const steps = [
  { title: 'Your email', body: 'Start with the address where employers can reach you.' },
  { title: 'Phone and UAN', body: 'Confirm your phone with a one-time code and add your UAN to link your employment history.' },
  { title: 'Your details', body: 'Education, current employer, notice period and years of experience.' },
  { title: 'Documents', body: 'Upload your resume, experience letter, salary slip and bank statement as PDFs.' },
] as const;

export function RegistrationSteps() {
  return (
    <section aria-labelledby="steps-heading" className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Registering takes four steps
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, position) => (
            <li key={step.title} className="flex gap-4">
              <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white">
                {position + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
