import type { NewsItem } from '@xsd/contracts/api/news';
import { useMemo } from 'react';
import { sanitizeContentHtml } from '../../../lib/content-html';
import { isUrgent, newsStyle } from '../lib/news-logic';
import { NewsIcon } from './news-icon';

export interface NewsBannerProps {
  readonly item: NewsItem;
  readonly onDismiss: (id: string) => void;
}

export function NewsBanner({ item, onDismiss }: NewsBannerProps) {
  const style = newsStyle(item.type);
  const urgent = isUrgent(item);
  const html = useMemo(() => sanitizeContentHtml(item.content), [item.content]);
  return (
    <article
      className={`news news--${style.tone}${urgent ? ' news--urgent' : ''}`}
      aria-labelledby={`news-${item.id}`}
      data-testid="news-banner"
      data-news-type={style.tone}
    >
      <div className="news__head">
        <span className="news__icon" aria-hidden="true">
          <NewsIcon icon={style.icon} />
        </span>
        <span className="news__tag">{style.label}</span>
        {urgent ? <span className="news__urgent">High Priority</span> : null}
        <h2 className="news__title" id={`news-${item.id}`}>
          {item.title}
        </h2>
        <button
          type="button"
          className="btn btn--ghost news__dismiss"
          onClick={() => onDismiss(item.id)}
          aria-label={`Dismiss announcement: ${item.title}`}
        >
          <span className="glyph-x" aria-hidden="true" />
        </button>
      </div>
      <div className="news__content" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
