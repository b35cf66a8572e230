import type { FastifyInstance } from 'fastify';

const NUL_IN_URL = /%00/;
// JSON.stringify writes a NUL as the escape \u0000, so one pattern covers both spellings.
const NUL_IN_JSON = /\\u0000/i;

/**
 * PostgreSQL text cannot hold NUL, so a NUL anywhere in the URL or a JSON body is refused with a
 * 400 up front instead of surfacing as a database error deep in a handler.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (NUL_IN_URL.test(request.url)) return reply.code(400).send({ code: 'INVALID_INPUT', message: 'The address contains a NUL character.' });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (request.body === undefined || request.body === null || typeof request.body !== 'object') return;
    if (NUL_IN_JSON.test(JSON.stringify(request.body))) return reply.code(400).send({ code: 'INVALID_INPUT', message: 'Text must not contain NUL characters.' });
  });
}
