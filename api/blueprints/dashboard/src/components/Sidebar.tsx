import { ChartLine, LayoutDashboard, Package, Settings, ShoppingCart, Users, X } from 'lucide-react';

const NAV_ITEMS = [
  { label: 'Overview', icon: LayoutDashboard },
  { label: 'Orders', icon: ShoppingCart },
  { label: 'Customers', icon: Users },
  { label: 'Products', icon: Package },
  { label: 'Reports', icon: ChartLine },
  { label: 'Settings', icon: Settings },
];

interface Props {
  appName: string;
  open: boolean;
  onClose: () => void;
}

export function Sidebar({ appName, open, onClose }: Props) {
  return (
    <>
      <aside className={open ? 'sidebar open' : 'sidebar'} aria-label="Navigation">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            {appName.charAt(0)}
          </span>
          <strong>{appName}</strong>
          <button className="icon-button sidebar-close" type="button" aria-label="Close navigation" onClick={onClose}>
            <X size={18} />
          </button>
        </div>
        <nav>
          {NAV_ITEMS.map(({ label, icon: Icon }, index) => (
            <a key={label} href={'#' + label.toLowerCase()} className={index === 0 ? 'active' : undefined} aria-current={index === 0 ? 'page' : undefined}>
              <Icon size={18} aria-hidden="true" />
              {label}
            </a>
          ))}
        </nav>
        <div className="sidebar-footer">
          <span className="avatar" aria-hidden="true">
            JD
          </span>
          <div>
            <strong>Jamie Doe</strong>
            <span className="muted">Admin</span>
          </div>
        </div>
      </aside>
      {open && <div className="scrim" onClick={onClose} aria-hidden="true" />}
    </>
  );
}
