import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { NewsCommand, NewsState } from './news.decider.js';

/** On one news item (`xsd.news.<id>`): created, changed, deleted by staff. */
export class DecideNews extends AggregateCommand<NewsCommand, NewsState> {}
