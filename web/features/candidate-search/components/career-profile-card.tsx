/** The candidate's skills, projects, location and pay, on their dashboard (placeholder until its feature lands). */
export function CareerProfileCard() {
  return null;
}
