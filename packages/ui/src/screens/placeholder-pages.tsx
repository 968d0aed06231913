import { Result } from 'antd';
import { Link, useParams } from 'react-router-dom';

export function AnalyticsPlaceholder() {
  const { videoId } = useParams();
  return <Result status="info" title="Analytics" subTitle="Viewer statistics for this video are coming soon." extra={<Link to={`/${videoId}`}>Back to the video</Link>} />;
}

export function NotFoundPage() {
  return <Result status="404" title="Page not found" extra={<Link to="/">Go to My videos</Link>} />;
}
