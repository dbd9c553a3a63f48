import { ContentScreen } from '@/features/content';

export default function ContentRoute() {
  return <ContentScreen />;
}
