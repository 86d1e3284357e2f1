'use strict';
// Inside the browser's network namespace: 127.0.0.1:<port> (and [::1]) to the e2e server's Unix socket.
const net = require('node:net');
const { writeFileSync } = require('node:fs');
const { relay } = require('./socket-relay.cjs');

const [port, socketPath, readyFile] = process.argv.slice(2);
const parent = process.ppid;
const forward = (client) => relay(client, net.connect(socketPath));
let listening = 0;
const listened = () => {
  listening += 1;
  if (listening === 2) writeFileSync(readyFile, '');
};
net.createServer(forward).listen(Number(port), '127.0.0.1', listened);
// localhost names resolve to ::1 too; a namespace without IPv6 answers 127.0.0.1 alone.
net
  .createServer(forward)
  .on('error', listened)
  .listen({ port: Number(port), host: '::1', ipv6Only: true }, listened);
// Started beside the browser: when the browser exits this is reparented, and goes too.
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
