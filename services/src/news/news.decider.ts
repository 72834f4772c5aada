import type { NewsFields } from '@xsd/contracts';
import { NEWS_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-news';
import { changedFields } from '../event-sourcing/changed-fields.js';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/** One breaking-news item, stored on `xsd.news.<id>`. */
export type NewsState =
  | { readonly status: 'none' }
  | { readonly status: 'published'; readonly fields: NewsFields }
  | { readonly status: 'deleted' };

export type NewsEvent = DecidedEvent<'news.created' | 'news.updated' | 'news.deleted'>;

/** `content` comes sanitised: the decider never sees raw markup. */
export interface CreateNews {
  readonly type: 'CreateNews';
  readonly data: { readonly newsId: string; readonly fields: NewsFields };
}

export interface UpdateNews {
  readonly type: 'UpdateNews';
  readonly data: { readonly newsId: string; readonly changes: Partial<NewsFields> };
}

export interface DeleteNews {
  readonly type: 'DeleteNews';
  readonly data: { readonly newsId: string };
}

export type NewsCommand = CreateNews | UpdateNews | DeleteNews;

export const initialNewsState: NewsState = { status: 'none' };

const notFound = () => new DecisionError('not_found', 'news_not_found', NEWS_NOT_FOUND_MESSAGE);

export const newsDecider: Decider<NewsCommand, NewsEvent, NewsState> = {
  initialState: initialNewsState,

  decide(command, state) {
    switch (command.type) {
      case 'CreateNews':
        if (state.status !== 'none') throw new DecisionError('conflict', 'news_exists', 'This news item already exists');
        return [{ type: 'news.created', data: { newsId: command.data.newsId, ...command.data.fields } }];
      case 'UpdateNews': {
        if (state.status !== 'published') throw notFound();
        const changed = changedFields(state.fields, command.data.changes);
        if (changed === null) return [];
        const title = changed.changes.title ?? state.fields.title;
        return [{ type: 'news.updated', data: { newsId: command.data.newsId, title, ...changed } }];
      }
      case 'DeleteNews':
        if (state.status !== 'published') throw notFound();
        return [{ type: 'news.deleted', data: { newsId: command.data.newsId, previous: state.fields } }];
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'news.created': {
        const { newsId: _id, ...fields } = event.data;
        return { status: 'published', fields };
      }
      case 'news.updated':
        return state.status === 'published' ? { status: 'published', fields: { ...state.fields, ...event.data.changes } } : state;
      case 'news.deleted':
        return { status: 'deleted' };
      default:
        return unreachable(event);
    }
  },
};
