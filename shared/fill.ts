/** Fills {name} placeholders of a message text: fill('Welcome, {name}', { name: 'Priya' }). Unknown keys stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
