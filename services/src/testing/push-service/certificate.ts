import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid a week, also written to a
 * temporary folder (`caFile`) for `NODE_EXTRA_CA_CERTS`; the caller removes `caDir`.
 */
export async function createLoopbackCertificate() {
  const pem = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const caDir = mkdtempSync(join(tmpdir(), 'xsd-push-receiver-'));
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, pem.cert);
  return { pem, caDir, caFile };
}
