import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Debian's nginx (apt-get install nginx); NGINX_BIN points elsewhere. */
export const nginxBin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * The configuration the README's "Run several processes" section shows, for a proxy in front of
 * several web processes: round robin; a request that meets a dead process (connection refused or
 * reset, or a 502) goes to the next one when it is idempotent (nginx never repeats a POST that
 * reached a process unless told to with `non_idempotent`).
 */
export function nginxConfig(opts: { dir: string; listenPort: number; upstreamPorts: number[] }): string {
  const tmp = (name: string) => path.join(opts.dir, name);
  return `
daemon off;
worker_processes 1;
pid ${tmp('nginx.pid')};
error_log ${tmp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp('client_body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};

  upstream leadtrail_web {
${opts.upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${opts.listenPort};
    client_max_body_size 512m;

    location / {
      proxy_pass http://leadtrail_web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_request_buffering on;
    }
  }
}
`;
}

/** nginx in the foreground with its configuration and temp files in `dir`; stop() ends it. */
export async function startNginx(opts: { dir: string; listenPort: number; upstreamPorts: number[] }) {
  // its workers run as `nobody` when the master is root: the temp folders must be theirs to write
  fs.chmodSync(opts.dir, 0o777);
  const conf = path.join(opts.dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(opts));
  const test = spawn(nginxBin, ['-t', '-p', opts.dir, '-e', path.join(opts.dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  test.stderr!.on('data', (d: Buffer) => (said += d.toString()));
  const tested = await new Promise<number | null>((resolve) => test.once('exit', resolve));
  if (tested !== 0) throw new Error(`nginx -t failed: ${said}`);
  const child: ChildProcess = spawn(nginxBin, ['-p', opts.dir, '-e', path.join(opts.dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${opts.listenPort}`;
  const end = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx ended at start: ${stderr}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > end) throw new Error(`nginx did not listen: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    errorLog: () => fs.readFileSync(path.join(opts.dir, 'error.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
