/**
 * Realistic Indian names, companies, jobs, cities and pay for the demo seed and the test factories
 * (issue 12 defect 13, issue 19): a first demo should look like a real week at an Indian company,
 * not placeholder Latin.
 */

export const INDIAN_CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Gurugram', 'Mumbai', 'Kochi', 'Noida', 'Ahmedabad', 'Kolkata'] as const;

export interface JobTemplate {
  title: string;
  description: string;
  requirements: string;
  benefits: string;
  salary: string;
}

/** Job titles with descriptions and pay in lakh a year, as Indian job posts write them. */
export const JOB_TEMPLATES: readonly JobTemplate[] = [
  {
    title: 'Senior Backend Engineer (Java)',
    description:
      'Build and run the services behind our lending platform: loan origination, repayments and the ledger.\nYou will own APIs end to end, from design reviews to on-call, and mentor two junior engineers.',
    requirements: '5+ years of Java and Spring Boot\nPostgreSQL and Kafka in production\nExperience with UPI or payments is a plus',
    benefits: 'Health insurance for family and parents\nESOPs\nHybrid: 3 days a week in office',
    salary: '₹28–38 LPA',
  },
  {
    title: 'Product Designer',
    description: 'Design the onboarding and KYC journeys used by two million customers across India, in English and six Indian languages.',
    requirements: '3+ years designing consumer apps\nA portfolio with research-led work\nFigma',
    benefits: 'Annual learning budget of ₹50,000\nFlexible hours',
    salary: '₹18–26 LPA',
  },
  {
    title: 'QA Automation Engineer',
    description: 'Own the automated test suites of our web and Android apps and keep releases weekly and calm.',
    requirements: '3+ years with Playwright or Selenium\nAPI testing with Postman or REST Assured',
    benefits: 'Health insurance\nWork from home twice a week',
    salary: '₹10–16 LPA',
  },
  {
    title: 'Staff Nurse – ICU',
    description: 'Care for critically ill patients in our 24-bed ICU, working in rotating shifts with a team of intensivists.',
    requirements: 'B.Sc. Nursing or GNM, registered with the State Nursing Council\n2+ years of ICU experience\nBLS and ACLS certified',
    benefits: 'Night-shift allowance\nFree meals on duty\nHealth cover for family',
    salary: '₹4.2–6 LPA',
  },
  {
    title: 'Medical Coder (ICD-10)',
    description: 'Code inpatient and outpatient records for insurance claims with accuracy above 95 per cent.',
    requirements: 'CPC or CCS certification\n1+ years of ICD-10-CM coding',
    benefits: 'Day shift\nProvident fund and gratuity',
    salary: '₹3.5–5.5 LPA',
  },
  {
    title: 'Hospital Pharmacist',
    description: 'Dispense and review prescriptions for the wards and the outpatient pharmacy, and keep the cold chain in order.',
    requirements: 'B.Pharm or D.Pharm, registered with the State Pharmacy Council\n2+ years in a hospital pharmacy',
    benefits: 'Health cover\nCanteen\nAnnual bonus',
    salary: '₹3.6–5 LPA',
  },
  {
    title: 'Data Analyst',
    description: 'Turn our sales and operations data into weekly decisions for the leadership team.',
    requirements: 'SQL and Python\nPower BI or Tableau\nStatistics fundamentals',
    benefits: 'Health insurance\nHybrid working',
    salary: '₹8–12 LPA',
  },
  {
    title: 'Customer Success Manager',
    description: 'Look after 40 mid-market customers: onboarding, quarterly reviews and renewals.',
    requirements: '3+ years in B2B SaaS customer success\nExcellent English and Hindi',
    benefits: 'Quarterly incentives\nHealth insurance',
    salary: '₹9–14 LPA',
  },
];

export const INDIAN_FIRST_NAMES = ['Aarav', 'Ananya', 'Rohan', 'Diya', 'Vihaan', 'Ishita', 'Aditya', 'Meera', 'Kabir', 'Saanvi', 'Arnav', 'Nandini', 'Siddharth', 'Pooja', 'Harsh', 'Lakshmi'] as const;
export const INDIAN_LAST_NAMES = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Kulkarni', 'Banerjee', 'Gupta', 'Menon', 'Patel', 'Joshi', 'Rao', 'Chatterjee', 'Singh', 'Deshpande', 'Pillai', 'Khan'] as const;
export const INDIAN_EMPLOYERS = ['Infosys', 'Tata Consultancy Services', 'Wipro', 'HCLTech', 'Zoho', 'Freshworks', 'Apollo Hospitals', 'Manipal Hospitals', 'HDFC Bank', 'Flipkart'] as const;
