import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { ApiKeyCommand, ApiKeyState } from './api-key.decider.js';

/** On one API key: issued and deleted by staff, its use recorded. */
export class DecideApiKey extends AggregateCommand<ApiKeyCommand, ApiKeyState> {}
