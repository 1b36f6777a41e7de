import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * One compiled writer per schema object: the contract's schemas are module constants, so every app built in
 * one process (an API test file each, a worker running many) shares them instead of compiling ~300 again.
 */
const compiled = new WeakMap<z.ZodType, Serialize | null>();

/**
 * Responses are written by fast-json-stringify, compiled once per route from the same zod schema turned into
 * JSON Schema, instead of re-validating every response with zod and then JSON.stringify (17 % of a feed
 * request's CPU). It writes only the declared properties, so undeclared fields are still never sent.
 * A schema JSON Schema cannot express (a transform) keeps the zod path.
 */
export function serializerCompiler(input: CompilerInput): Serialize {
  const schema = input.schema as unknown;
  if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(input);
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  // The zod path is made per route: its errors name the route.
  return compiled.get(schema) ?? zodSerializerCompiler(input);
}

function compile(schema: z.ZodType): Serialize | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}
