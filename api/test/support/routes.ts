import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ApplicationConfig, DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IS_PUBLIC } from '../../src/common/auth/auth.decorators.js';

// The routes a running app serves, read from Nest's own metadata (every controller the app
// discovered, each handler's method and path, the global prefix), never from a list kept by hand.

export interface ServedRoute {
  method: string;
  path: string;
  handler: string;
  /** Marked `@Public()`: open to visitors without a session. */
  isPublic: boolean;
}

export function servedRoutes(app: NestExpressApplication): ServedRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const globalPrefix = applicationConfig(app).getGlobalPrefix();
  // Routes kept out of the prefix (GET /metrics) are served at their own path.
  const excluded = applicationConfig(app).getGlobalPrefixOptions().exclude ?? [];
  const prefixFor = (method: RequestMethod, path: string) =>
    excluded.some((rule) => rule.pathRegex.test(path) && (rule.requestMethod === RequestMethod.ALL || rule.requestMethod === method)) ? '' : globalPrefix;
  const routes: ServedRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!controller) continue;
    const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as object;
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (methodPaths === undefined || method === undefined) continue; // Not a route handler.
      const isPublic = Boolean(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller));
      for (const controllerPath of controllerPaths) {
        for (const methodPath of asArray(methodPaths)) {
          const path = joinPath(controllerPath, methodPath);
          routes.push({ method: RequestMethod[method], path: joinPath(prefixFor(method, path), path), handler: `${controller.name}.${name}`, isPublic });
        }
      }
    }
  }
  return routes;
}

/** The app's own configuration, which holds the global prefix its routes were registered under. */
function applicationConfig(app: NestExpressApplication): ApplicationConfig {
  const config = (app as unknown as { config?: unknown }).config;
  if (!(config instanceof ApplicationConfig)) throw new Error('Nest no longer keeps its ApplicationConfig on the application: update this test');
  return config;
}

function asArray(paths: string | string[] | undefined): string[] {
  return paths === undefined ? ['/'] : Array.isArray(paths) ? paths : [paths];
}

function joinPath(...parts: string[]): string {
  const segments = parts.flatMap((part) => part.split('/')).filter((segment) => segment !== '');
  return `/${segments.join('/')}`;
}
