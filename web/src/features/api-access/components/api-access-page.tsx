import { CopyButton } from '../../../components/ui/copy-button';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { TableHead } from '../../../components/ui/table-head';
import { API_PARAMETERS, apiExamples, OPENAPI_DOCUMENT_PATH, publicApiBaseUrl } from '../lib/public-api';
import './api-access.css';

export interface ApiAccessPageProps {
  /** Where the page is served from (window.location.origin): the API is on the same origin. */
  readonly origin: string;
}

/** /api-access: the public price API, its base URL, query parameters and four example requests. */
export function ApiAccessPage({ origin }: ApiAccessPageProps) {
  const baseUrl = publicApiBaseUrl(origin);
  return (
    <Page className="api-access" testId="api-access" title="API Access" subtitle="Developer tools: read XSD and BankX prices from your own code.">

      <Panel title="Base URL" tone="accent">
        <div className="api-access__copyable">
          <code className="api-access__code" data-testid="api-base-url">
            {baseUrl}
          </code>
          <CopyButton text={baseUrl} label="base URL" testId="copy-base-url" />
        </div>
        <p className="muted">
          <code>GET /prices</code> answers price readings newest first; <code>GET /candles</code> answers hourly or daily open, high, low and
          close. Any site may call it from a browser (CORS). The full description is the{' '}
          <a href={OPENAPI_DOCUMENT_PATH}>OpenAPI document</a>.
        </p>
      </Panel>

      <Panel title="Query parameters">
        <div className="api-access__table-wrap">
          <table className="api-access__table" data-testid="api-parameters">
            <TableHead columns={['Parameter', 'Type', 'Required', 'Description']} />
            <tbody>
              {API_PARAMETERS.map((parameter) => (
                <tr key={parameter.name}>
                  <th scope="row">
                    <code>{parameter.name}</code>
                  </th>
                  <td data-label="Type">{parameter.type}</td>
                  <td data-label="Required">{parameter.required}</td>
                  <td data-label="Description">{parameter.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>

      <Panel title="Example requests">
        <ol className="api-access__examples">
          {apiExamples(baseUrl).map((example) => (
            <li key={example.id} data-testid={`api-example:${example.id}`}>
              <p className="api-access__example-title">{example.title}</p>
              <div className="api-access__copyable">
                <code className="api-access__code">{example.command}</code>
                <CopyButton text={example.command} label={`example: ${example.title}`} />
              </div>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel title="Provenance and limits">
        <ul className="link-list">
          <li>
            Every price carries <code>provenance</code>: the network and its chain id, the price controller contract and method that was
            read, the block number, when it was read (<code>read_at</code>) and its age in seconds at <code>as_of</code>.
          </li>
          <li>
            Each client may make a limited number of requests per minute. <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{' '}
            <code>RateLimit-Reset</code> tell where you stand; beyond the limit the answer is <code>429</code> with{' '}
            <code>Retry-After</code>.
          </li>
          <li>
            Errors answer <code>{'{ "error": { "code", "message" } }'}</code> with a message that names the parameter at fault.
          </li>
        </ul>
      </Panel>
    </Page>
  );
}
