/** Pipeline board, stages, history and sources (issue 7 point 1). The spec shows no screens for these: the texts are ours. */
export const pipelineMessages = {} as const;
