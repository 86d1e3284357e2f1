import { useEffect, useState } from 'react';

export type Route = { name: 'home'; tag: string | null } | { name: 'post'; slug: string } | { name: 'write' };

/** Hash routes keep the app a single static page: #/, #/tag/Design, #/post/my-slug, #/write. */
export function parseRoute(hash: string): Route {
  const [, section, value] = hash.replace(/^#/, '').split('/');
  if (section === 'post' && value) return { name: 'post', slug: decodeURIComponent(value) };
  if (section === 'write') return { name: 'write' };
  if (section === 'tag' && value) return { name: 'home', tag: decodeURIComponent(value) };
  return { name: 'home', tag: null };
}

export function hrefFor(route: Route): string {
  if (route.name === 'post') return '#/post/' + encodeURIComponent(route.slug);
  if (route.name === 'write') return '#/write';
  return route.tag ? '#/tag/' + encodeURIComponent(route.tag) : '#/';
}

export function navigate(route: Route): void {
  window.location.hash = hrefFor(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => {
      setRoute(parseRoute(window.location.hash));
      window.scrollTo({ top: 0 });
    };
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
