import { FOOTER_FALLBACK_VERSION, PRODUCT_NAME } from '../../config/site';
import { AppVersion } from '../../features/version/components/app-version';

export function Footer() {
  return (
    <footer className="footer" data-testid="footer">
      <p className="footer__line">
        <span>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </span>
        <span aria-hidden="true"> · </span>
        <span>Community Project</span>
        <span aria-hidden="true"> · </span>
        <span data-testid="footer-version">
          v<AppVersion fallback={FOOTER_FALLBACK_VERSION} />
        </span>
      </p>
      <p className="footer__note">
        Not affiliated with the XSD / BankX token project. Prices are read from public blockchains and are not financial advice.
      </p>
    </footer>
  );
}
