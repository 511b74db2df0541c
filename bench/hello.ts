/** The baseline: a hello-world h3 app served the same way as the API (srvx on Node). */
import { H3, serve } from 'h3';

const app = new H3();
app.get('/', () => ({ hello: 'world' }));
const server = serve(app, { port: Number(process.env.PORT), hostname: '127.0.0.1', silent: true, gracefulShutdown: false });
await server.ready();
process.stdout.write('ready\n');
