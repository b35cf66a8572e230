/**
 * Employer names that are the same establishment but share no words: abbreviations people write
 * on their profile ("TCS") and names kept from before a rename ("Infosys Technologies").
 * match-employer.ts never expands an abbreviation by itself (TCS could as well be a small "T C
 * Systems"), so an abbreviation matches only when a row here says so.
 *
 * Each row: the establishment's name as EPFO writes it, then the other names. Names are compared
 * after the matcher's normalisation (case, punctuation, Pvt./Ltd., "&"/"and" do not matter).
 * Extend by adding rows; keep each row one company.
 */
export interface EmployerAlias {
  name: string;
  aliases: readonly string[];
}

export const EMPLOYER_ALIASES: readonly EmployerAlias[] = [
  { name: 'Tata Consultancy Services Limited', aliases: ['TCS'] },
  { name: 'Larsen & Toubro Limited', aliases: ['L&T', 'LNT'] },
  { name: 'Hindustan Unilever Limited', aliases: ['HUL', 'Hindustan Lever Limited'] },
  { name: 'Bharat Heavy Electricals Limited', aliases: ['BHEL'] },
  { name: 'Oil and Natural Gas Corporation Limited', aliases: ['ONGC'] },
  { name: 'International Business Machines (India) Private Limited', aliases: ['IBM', 'IBM India'] },
  { name: 'Mahindra & Mahindra Limited', aliases: ['M&M'] },
  { name: 'Cognizant Technology Solutions India Private Limited', aliases: ['Cognizant', 'CTS'] },
  { name: 'Infosys Limited', aliases: ['Infosys Technologies Limited'] },
  { name: 'State Bank of India', aliases: ['SBI'] },
];
