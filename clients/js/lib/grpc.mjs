// A Node gRPC client (@grpc/grpc-js) for the assistant service, built from the repository's .proto at run time.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const PROTO = resolve(repo, 'proto', 'src', 'main', 'proto', 'docsassistant', 'v1', 'assistant.proto');

const definition = protoLoader.loadSync(PROTO, { keepCase: false, enums: String, defaults: true, oneofs: true });
const v1 = grpc.loadPackageDefinition(definition).docsassistant.v1;

/** An AssistantService client to a server started by lib/server.mjs (gRPC on its HTTP port, plaintext h2c). */
export function assistantClient(serverUrl) {
  return new v1.AssistantService(new URL(serverUrl).host, grpc.credentials.createInsecure());
}

/** Call metadata carrying the server's key, as `authorization: Bearer svc_dsc_…`. */
export function metadata(authorization) {
  const m = new grpc.Metadata();
  if (authorization) m.set('authorization', authorization);
  return m;
}

/** Runs one CreateMessage call to the end: its events, or the error status it ended with. */
export function collect(call) {
  return new Promise((ok) => {
    const events = [];
    call.on('data', (e) => events.push(e));
    call.on('error', (error) => ok({ events, error }));
    call.on('end', () => ok({ events, error: null }));
  });
}

export function unary(client, method, request, md, options = {}) {
  return new Promise((ok, fail) => client[method](request, md, options, (e, r) => (e ? fail(e) : ok(r))));
}

export const { status, Metadata } = grpc;
