import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The rendered reference of the public API's OpenAPI document, linked from /developers. */
export const API_REFERENCE_PATH = '/developers/reference';

/**
 * Swagger UI's colours as shipped fail WCAG AA contrast (white on light method badges, light
 * green and blue text): the same palette, darkened to 4.5:1 or more.
 */
const CONTRAST_CSS = `
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize svg { fill: #166534; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #166534; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e5f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a4d00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .parameter__in, .swagger-ui .parameter__deprecated { color: #4b5563; }
.swagger-ui .opblock-description-wrapper p, .swagger-ui .response-col_description { color: #1f2937; }
/* No operation declares links: the empty Links column only pushed the responses table off a phone's screen. */
.swagger-ui .response-col_links { display: none; }
`;

/**
 * Names the server picker (Swagger UI draws a bare <select> after a "Servers" caption), which it
 * renders after the document loads.
 */
const LABEL_JS = `new MutationObserver(function () {
  var servers = document.getElementById('servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Servers');
}).observe(document.documentElement, { childList: true, subtree: true });
`;

/**
 * Swagger UI at /developers/reference, served from the package's own files (no CDN and no inline
 * script, so the site's CSP holds). It reads the same generated document at <prefix>/json;
 * "Try it out" calls /api/v1 with a key pasted in Authorize, kept only for the page's life.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(async (reference) => {
    // Its page has no viewport tag: phones would lay it out 980 px wide.
    reference.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace('<meta charset="UTF-8">', '<meta charset="UTF-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">')
        : payload,
    );
    await reference.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      // No deep links: Swagger UI draws them as links inside each operation's button.
      uiConfig: { layout: 'BaseLayout', deepLinking: false, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false, persistAuthorization: false },
      theme: { title: 'WorkCred API reference', css: [{ filename: 'contrast.css', content: CONTRAST_CSS }], js: [{ filename: 'labels.js', content: LABEL_JS }] },
    });
  });
}
