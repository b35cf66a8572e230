/** Plans, the trial, limits and payments (issue 15). {plan}, {limit}, {days}: filled by fill(). */
export const billingMessages = {
  // Refusals
  trialEnded: 'Your free trial has ended. Choose a plan in Billing to post jobs, move candidates and schedule interviews again. Everything you have stays readable.',
  planLapsed: 'Your {plan} plan is not active because a payment did not go through. Update your payment in Billing to post jobs, move candidates and schedule interviews again.',
  listingLimit: 'Your {plan} plan allows up to {limit} active job listings. Close or delete a listing, or upgrade in Billing, to post another.',
  noLongerAccepting: 'This job is no longer accepting applications',
  applicationLimitReached: 'Application limit reached',
  checksLimitStarter: 'Background checks on the Starter plan need the background checks add-on. Add it in Billing.',
  checksLimit: 'Your plan includes {limit} background checks a month, and this month\'s are used. They renew on the 1st; upgrade in Billing for more.',
  ownersOnly: 'Only the company owner can change the plan or pay. Admins can see Billing but not change it.',
  billingProfileFirst: 'Add your billing details (legal name, state and address) in Settings → Billing profile first: they go on your GST invoices.',
  enterpriseBySales: 'Enterprise is arranged with our sales team. Use Contact sales on the pricing page.',
  alreadyOnPlan: 'Your company is already on the {plan} plan.',
  nothingToCancel: 'There is no paid plan to cancel.',
  nothingToChange: 'There is no paid plan to change. Choose a plan to start one.',
  useChangePlan: 'Your company already pays for a plan. Use Change plan to switch.',
  checkoutNotFound: 'This checkout was not found or has already been completed.',
  invoiceNotFound: 'Invoice not found',
  webhookSignatureInvalid: 'The webhook signature does not match its body.',
  webhookBodyInvalid: 'The webhook body is not a payments event.',
  devProviderOnly: 'Test payments are available only with the development payments provider.',

  // Banner
  trialBanner: 'Trial: {days} days left',
  trialBannerOneDay: 'Trial: 1 day left',
  trialBannerAction: 'Choose a plan',
  lapsedBanner: 'Your company is read-only until a plan is active.',
  lapsedBannerAction: 'Go to Billing',
} as const;
