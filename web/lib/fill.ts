/** Fills {name} placeholders of a message text: fill('Welcome, {name}', { name: 'Priya' }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
