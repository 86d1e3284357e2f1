import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from '@/components/Layout';
import { BookmarksPage } from '@/pages/BookmarksPage';
import { HomePage } from '@/pages/HomePage';
import { NotFoundPage } from '@/pages/NotFoundPage';
import { ProfilePage } from '@/pages/ProfilePage';

const APP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout appName={APP_NAME} tagline={TAGLINE} />}>
          <Route index element={<HomePage />} />
          <Route path="bookmarks" element={<BookmarksPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
