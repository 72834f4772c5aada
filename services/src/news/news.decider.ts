import type { NewsFields } from '@xsd/contracts';
import { NEWS_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-news';
import { type DecidedEvent, DecisionError } from '../event-sourcing/decider.js';
import { type ItemCommand, itemDecider, itemNames, type ItemState } from '../event-sourcing/item-decider.js';

export const NEWS = itemNames('News', 'news', 'newsId');

/** One breaking-news item, stored on `xsd.news.<id>`. */
export type NewsState = ItemState<NewsFields>;
export type NewsEvent = DecidedEvent<(typeof NEWS)['created' | 'updated' | 'deleted']>;
/** `content` comes sanitised. */
export type NewsCommand = ItemCommand<typeof NEWS, NewsFields>;

export const newsDecider = itemDecider<typeof NEWS, NewsFields, NewsEvent>(NEWS, {
  exists: () => new DecisionError('conflict', 'news_exists', 'This news item already exists'),
  notFound: () => new DecisionError('not_found', 'news_not_found', NEWS_NOT_FOUND_MESSAGE),
});
