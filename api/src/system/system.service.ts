import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse, InfoResponse } from '@forge/protocol/api';
import { DEFAULT_ANTHROPIC_MODEL } from '../agent/anthropic.provider.js';
import { OFFLINE_AGENT_MODEL } from '../agent/offline/offline-agent.js';
import { DEFAULT_OPENAI_MODEL } from '../agent/openai.provider.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DockerDriver } from '../sandboxes/docker.driver.js';

const DEFAULT_MODELS = { anthropic: DEFAULT_ANTHROPIC_MODEL, openai: DEFAULT_OPENAI_MODEL, offline: OFFLINE_AGENT_MODEL } as const;

@Injectable()
export class SystemService {
  private readonly startedAt = new Date();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly docker: DockerDriver,
  ) {}

  health(): HealthResponse {
    return { ok: true, version: this.config.version };
  }

  async info(): Promise<InfoResponse> {
    const { llm } = this.config;
    const engine = await this.docker.status();
    return {
      version: this.config.version,
      nodeVersion: process.version,
      startedAt: this.startedAt.toISOString(),
      provider: {
        name: llm.provider,
        model: llm.model ?? DEFAULT_MODELS[llm.provider],
        baseUrl: llm.provider === 'anthropic' ? llm.anthropicBaseUrl : llm.provider === 'openai' ? llm.openaiBaseUrl : null,
      },
      containerEngine: engine,
      database: { mode: this.config.databaseUrl ? 'external' : 'embedded' },
      previewDomain: this.config.previewDomain,
    };
  }
}
