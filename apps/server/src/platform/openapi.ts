import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests (served by the core module). */
export async function installOpenApi(app: FastifyInstance, apiVersion: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Marketing AI Workspace API', version: apiVersion },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas named in zod's global registry (`.meta({ id })`) become components, so a recursive
    // one (the folder tree) refers to itself by name instead of to a schema the document lacks.
    transformObject: jsonSchemaTransformObject,
  });
}
