'use strict';
// Bytes both ways between an accepted connection and a new one to the other side; either end's error closes both.
// CommonJS, so that the forwarder can load it inside the browser's namespace with no ESM loader around it.
exports.relay = function relay(client, upstream) {
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.pipe(upstream).pipe(client);
};
