/** The service's OpenAPI 3.1 description, served at GET /openapi.json. */
export function openApiDocument(version: string, types: readonly string[]): object {
  const span = {
    type: 'object',
    required: ['start', 'end', 'type', 'text'],
    properties: {
      start: { type: 'integer', description: 'UTF-16 offset of the first character' },
      end: { type: 'integer', description: 'offset after the last character' },
      type: { type: 'string', enum: types },
      text: { type: 'string' },
      score: { type: 'number' },
      source: { type: 'string' },
    },
  };
  const error = {
    description: 'the request was refused; `error` says why',
    content: {
      'application/json': { schema: { type: 'object', properties: { error: { type: 'string' } } } },
    },
  };
  const spans = { type: 'array', items: { $ref: '#/components/schemas/Span' } };
  const json = (description: string, properties: object) => ({
    description,
    content: { 'application/json': { schema: { type: 'object', properties } } },
  });
  const textBody = (extra: object) => ({
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['text'],
          properties: {
            text: { type: 'string' },
            types: { type: 'array', items: { type: 'string', enum: types } },
            ...extra,
          },
        },
      },
    },
  });
  const refusals = { '400': error, '401': error, '413': error, '415': error };
  return {
    openapi: '3.1.0',
    info: {
      title: 'FinRedact',
      version,
      description:
        'Offline detection and redaction of personal data in financial documents. Bound to 127.0.0.1 unless started with --host; with a token (required when bound elsewhere) every path but /health needs "Authorization: Bearer <token>".',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Span: span },
    },
    security: [{ bearer: [] }],
    paths: {
      '/health': {
        get: {
          summary: 'liveness and what is loaded',
          security: [],
          responses: {
            '200': json('ready', { status: { type: 'string' }, ner: { type: 'boolean' } }),
          },
        },
      },
      '/openapi.json': {
        get: { summary: 'this description', responses: { '200': { description: 'OpenAPI 3.1' } } },
      },
      '/analyze': {
        post: {
          summary: 'text → detected spans',
          requestBody: textBody({}),
          responses: { '200': json('the spans, in text order', { spans }), ...refusals },
        },
      },
      '/anonymize': {
        post: {
          summary: 'text → anonymised text',
          requestBody: textBody({
            placeholders: { type: 'string', enum: ['redacted', 'numbered', 'fake', 'mask'] },
            seed: { type: 'integer' },
          }),
          responses: {
            '200': json('the anonymised text, the spans and what replaced each', {
              text: { type: 'string' },
              spans,
              replacements: { type: 'array', items: { type: 'string' } },
            }),
            ...refusals,
          },
        },
      },
      '/redact': {
        post: {
          summary: 'a file → its outputs (anonymised text, spans, the redacted copy)',
          parameters: [
            {
              name: 'name',
              in: 'query',
              required: true,
              description:
                'the file name; its extension says what it is (.pdf, .docx, .xlsx, .csv, .txt, .png, .eml, .msg, .zip, …)',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
          responses: {
            '200': json(
              'the file\'s result: status "error" with `error` for a bad file; `copy` is the redacted copy (base64) where its format has one — for an e-mail the rebuilt .eml with its attachments\' copies, for a .zip the repacked archive (its own status "skipped": its files are under `files`)',
              {
                name: { type: 'string' },
                status: { type: 'string', enum: ['ok', 'error', 'skipped'] },
                error: { type: 'string' },
                warnings: { type: 'array', items: { type: 'string' } },
                spans,
                files: {
                  type: 'array',
                  description: "an e-mail's attachments or an archive's files, each one's outcome",
                  items: {
                    type: 'object',
                    properties: {
                      name: { type: 'string' },
                      readAs: {
                        type: 'string',
                        description:
                          'the name it was read under, where that name gave a value away',
                      },
                      status: { type: 'string', enum: ['ok', 'error', 'skipped'] },
                      error: { type: 'string' },
                      warnings: { type: 'array', items: { type: 'string' } },
                      detections: { type: 'integer' },
                    },
                  },
                },
                anonymized: { type: 'string' },
                copy: {
                  type: 'object',
                  properties: {
                    name: { type: 'string' },
                    base64: { type: 'string', contentEncoding: 'base64' },
                  },
                },
              },
            ),
            ...refusals,
          },
        },
      },
    },
  };
}
