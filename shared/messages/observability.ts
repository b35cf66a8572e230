/**
 * Metrics and request ids (issue 37 §4). Our own texts (the spec gives none). Part of `messages`
 * as `observability`.
 */
export const observabilityMessages = {
  metricsTokenRequired: 'Metrics need the metrics token: send Authorization: Bearer <METRICS_TOKEN>.',
};
