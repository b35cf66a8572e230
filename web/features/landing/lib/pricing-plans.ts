/** The plans of spec point 9: monthly prices in rupees (from the plans the server enforces), and each plan's contents as the spec lists them. */
import { formatWholeRupees } from '@shared/indian-digits.ts';
import { PLANS, type PlanId } from '@shared/plans.ts';

export type { PlanId };

export interface Plan {
  id: PlanId;
  name: string;
  /** Rupees per month; null for a price agreed with us. */
  monthlyPrice: number | null;
  summary: string;
  features: readonly string[];
  /** Where Get Started leads. */
  to: string;
  popular?: boolean;
}

export const plans: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: PLANS.starter.monthlyPaise! / 100,
    summary: 'For teams that hire every month and want every candidate checked.',
    features: [
      'Up to 150 applications per job listing',
      'Up to 10 job listings',
      'Add-on of up to 150 background checks',
      'Email support',
      'ATS and HRMS',
      'API access',
    ],
    to: '/employer-signup?plan=starter',
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: PLANS.professional.monthlyPaise! / 100,
    summary: 'For growing companies hiring at volume across several roles.',
    features: [
      'Everything in Starter',
      'Up to 300 applications per job listing',
      'Up to 15 job listings',
      'Priority support',
      'Custom integration',
      'AI assistant',
    ],
    to: '/employer-signup?plan=professional',
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    summary: 'For large organisations with their own workflows and service levels.',
    features: [
      'Unlimited verifications',
      'Dedicated account manager',
      '24/7 support',
      'Custom workflow',
      'Advanced analytics',
      'SLA guarantee',
    ],
    to: '/contact',
  },
];

/** ₹ with Indian digit grouping: 9999 → ₹9,999, 1249900 → ₹12,49,900. */
export function formatRupees(amount: number): string {
  return formatWholeRupees(amount);
}
