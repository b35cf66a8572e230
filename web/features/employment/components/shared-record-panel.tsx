/** The verified employment history a candidate shared with the viewer's company, in the pipeline's application panel (placeholder). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function SharedRecordPanel(props: { candidateId: string }) {
  return null;
}
