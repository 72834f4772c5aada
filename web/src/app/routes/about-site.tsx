import { GUIDE_FALLBACK_BUILD_DATE, GUIDE_FALLBACK_VERSION } from '../../config/site';
import { formatBuildDate } from '../../features/community/lib/guide-content';
import { GuidePage } from '../../features/community/components/guide-page';
import { useVersion } from '../../features/version/api/get-version';

/** /about-site: the guide, with the version file's version and build date (fallbacks 1.0.3 and 'Unknown'). */
export default function AboutSiteRoute() {
  const { data } = useVersion();
  return (
    <GuidePage version={data?.version ?? GUIDE_FALLBACK_VERSION} buildDate={formatBuildDate(data?.buildDate, GUIDE_FALLBACK_BUILD_DATE)} />
  );
}
