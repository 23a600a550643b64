// A bare Fastify route answering a fixed JSON body from memory: the ceiling of this machine.
// Usage: node --import tsx bench/lib/ceiling-server.ts <port> <json-file>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file, 'utf8');
const app = Fastify({ logger: false });
app.get('/ceiling', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
