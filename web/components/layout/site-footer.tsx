import { Link } from 'react-router';
import { Brand } from '../brand.tsx';

const columns = [
  {
    heading: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/jobs', label: 'Find Jobs' },
      { to: '/companies', label: 'Companies' },
      { to: '/candidate', label: 'For candidates' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/resources', label: 'Resources' },
      { to: '/developers', label: 'Developers' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
] as const;

/** The footer of every public page: the links of spec point 2 (/about, /features, /contact, /privacy, /terms). */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Brand />
          <p className="mt-3 max-w-xs text-sm text-slate-600">Verified hiring for India: the credit bureau for employment.</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold text-slate-900">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-brand-700 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 py-6 text-center text-xs text-slate-500">
        {/* One string, one text node, as the server's HTML has it: hydrating then changes nothing. */}
        {`© ${new Date().getFullYear()} WorkCred. Made in India.`}
      </p>
    </footer>
  );
}
