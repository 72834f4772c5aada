import type { LatestPrice } from '@xsd/contracts/api/prices';
import { formatChangePercent, formatUsd } from '@xsd/contracts/rules/format';
import { PRICE_FLASH_MS } from '@xsd/contracts/rules/price-status';
import { changeClass } from '../../../components/price/change-class';
import { useFlash } from '../../../lib/use-flash';

/** One chain in the collapsed grid: price and 24 h change, flashing when the price moves. */
export function ChainTile({ row }: { readonly row: LatestPrice }) {
  const flash = useFlash(row.price, PRICE_FLASH_MS);
  const maintenance = row.status === 'maintenance';
  return (
    <li
      className={`chain-tile${maintenance ? ' chain-tile--maintenance' : ''}${flash ? ` flash flash--${flash}` : ''}`}
      data-testid={`tile-${row.token_name}-${row.chain_name}`}
    >
      <span className="chain-tile__chain">{row.chain_name}</span>
      <span className="chain-tile__price" data-testid="price">
        {formatUsd(row.price)}
      </span>
      <span className={`chain-tile__change ${changeClass(row.change_24h)}`}>{formatChangePercent(row.change_24h)}</span>
      {maintenance ? <span className="tag tag--warn">Maintenance</span> : null}
    </li>
  );
}
