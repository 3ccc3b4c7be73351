import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parseDocument } from 'yaml';
import { nginxConf } from './nginx-conf';

/**
 * The production layout's files (issue 23, ADR 047): deploy/compose.yaml and deploy/k8s/*.yaml
 * parse as YAML without errors or warnings (the `yaml` library), and hold what an operator needs:
 * nginx, several app nodes, PostgreSQL with a replica, Redis; Kubernetes objects with apiVersion,
 * kind and name, the server Deployment with differing readiness and liveness probes, a grace
 * period longer than the drain; the generated nginx configuration of `npm run cluster`.
 */
const DEPLOY = resolve(import.meta.dirname, '../../deploy');

type Obj = Record<string, unknown>;
const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, key) => (v as Obj | undefined)?.[key as string], value);

describe('deploy/compose.yaml', () => {
  const doc = parseDocument(readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8'));
  const compose = doc.toJS() as Obj;

  it('parses, and has the balancer, the app nodes, PostgreSQL with a replica and Redis', () => {
    expect(doc.errors).toEqual([]);
    expect(doc.warnings).toEqual([]);
    expect(Object.keys(at(compose, 'services') as Obj).sort()).toEqual([
      'app',
      'nginx',
      'postgres',
      'postgres-replica',
      'redis',
    ]);
    expect(at(compose, 'services', 'app', 'deploy', 'replicas')).toBe(3);
    const env = at(compose, 'services', 'app', 'environment') as Obj;
    expect(env.KHELA_MODE).toBe('production');
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    for (const key of ['MERCHANT', 'PUBLIC_URL', 'METRICS_TOKEN']) expect(env[key]).toMatch(/^\$\{/);
    expect(String(at(compose, 'services', 'app', 'healthcheck', 'test'))).toContain('/readyz');
    expect(String(at(compose, 'services', 'postgres-replica', 'command'))).toContain('pg_basebackup');
    expect(String(at(compose, 'services', 'postgres', 'command'))).toContain('archive_mode=on');
    // Every service's image is pinned to a major version or a tag (no bare names).
    for (const service of Object.values(at(compose, 'services') as Obj))
      expect(String(at(service, 'image'))).toMatch(/:.+/);
  });
});

describe('deploy/k8s', () => {
  const files = readdirSync(join(DEPLOY, 'k8s')).filter((f) => f.endsWith('.yaml'));
  const objects = files.flatMap((file) =>
    parseAllDocuments(readFileSync(join(DEPLOY, 'k8s', file), 'utf8')).map((doc) => {
      if (!('errors' in doc)) throw new Error(`${file}: not a YAML document`);
      expect(doc.errors, file).toEqual([]);
      expect(doc.warnings, file).toEqual([]);
      return { file, object: doc.toJS() as Obj };
    }),
  );

  it('parses; every object has apiVersion, kind and metadata.name', () => {
    expect(files.sort()).toEqual(['app.yaml', 'ingress.yaml', 'redis.yaml', 'secrets.example.yaml']);
    for (const { file, object } of objects) {
      expect(typeof object.apiVersion, file).toBe('string');
      expect(typeof object.kind, file).toBe('string');
      expect(at(object, 'metadata', 'name'), file).toMatch(/^[a-z0-9-]+$/);
    }
    const kinds = objects.map(({ object }) => `${object.kind}/${at(object, 'metadata', 'name')}`).sort();
    expect(kinds).toEqual([
      'ConfigMap/khela-config',
      'Deployment/khela-server',
      'Ingress/khela',
      'Secret/khela-secrets',
      'Service/khela-redis',
      'Service/khela-server',
      'StatefulSet/khela-redis',
    ]);
  });

  it('runs the server with differing probes, a drain-long grace period and wired names', () => {
    const byKind = (kind: string, name: string) =>
      objects.find(({ object }) => object.kind === kind && at(object, 'metadata', 'name') === name)?.object;
    const deployment = byKind('Deployment', 'khela-server');
    const pod = at(deployment, 'spec', 'template', 'spec') as Obj;
    const container = at(pod, 'containers', 0) as Obj;
    expect(at(container, 'readinessProbe', 'httpGet', 'path')).toBe('/readyz');
    expect(at(container, 'livenessProbe', 'httpGet', 'path')).toBe('/livez');
    expect(pod.terminationGracePeriodSeconds as number).toBeGreaterThan(15);
    // The selector matches the pod's labels, and the Service selects the same pods.
    const labels = at(deployment, 'spec', 'template', 'metadata', 'labels');
    expect(at(deployment, 'spec', 'selector', 'matchLabels')).toEqual(labels);
    expect(at(byKind('Service', 'khela-server'), 'spec', 'selector')).toEqual(labels);
    // The ingress routes to the server Service; the config map points at the Redis Service.
    expect(
      at(byKind('Ingress', 'khela'), 'spec', 'rules', 0, 'http', 'paths', 0, 'backend', 'service', 'name'),
    ).toBe('khela-server');
    expect(at(byKind('ConfigMap', 'khela-config'), 'data', 'REDIS_URL')).toBe('redis://khela-redis:6379');
    expect(at(byKind('ConfigMap', 'khela-config'), 'data', 'KHELA_MODE')).toBe('production');
  });
});

describe("the cluster's nginx configuration", () => {
  it('balances over every node, upgrades WebSockets and keeps /metrics private', () => {
    const conf = nginxConf({ dir: '/tmp/x', listenPort: 8080, nodePorts: [8101, 8102, 8103] });
    expect(conf.match(/server 127\.0\.0\.1:810\d max_fails=2/g)).toEqual([
      'server 127.0.0.1:8101 max_fails=2',
      'server 127.0.0.1:8102 max_fails=2',
      'server 127.0.0.1:8103 max_fails=2',
    ]);
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(conf).toContain('location = /metrics { return 404; }');
    // POSTs (money) are never retried on another node: nginx retries only idempotent methods
    // unless told `non_idempotent`.
    expect(conf).not.toContain('non_idempotent');
    // Braces balance (a quick syntax check; `npm run cluster` runs the real nginx on it).
    expect(conf.split('{').length).toBe(conf.split('}').length);
  });
});
