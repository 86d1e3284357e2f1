import { ChartLine, LayoutDashboard, Menu, Package, Settings, ShoppingCart, Users } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';

const NAV_ITEMS = [
  { label: 'Overview', icon: LayoutDashboard },
  { label: 'Orders', icon: ShoppingCart },
  { label: 'Customers', icon: Users },
  { label: 'Products', icon: Package },
  { label: 'Reports', icon: ChartLine },
  { label: 'Settings', icon: Settings },
];

function SidebarBody({ appName }: { appName: string }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="flex items-center gap-2.5 px-2 pt-1 text-lg font-bold">
        <span className="grid size-8 place-items-center rounded-lg bg-primary text-sm text-primary-foreground" aria-hidden>
          {appName.charAt(0)}
        </span>
        {appName}
      </div>
      <nav className="grid gap-1" aria-label="Navigation">
        {NAV_ITEMS.map(({ label, icon: Icon }, index) => (
          <a
            key={label}
            href={'#' + label.toLowerCase()}
            aria-current={index === 0 ? 'page' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
              index === 0 && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-auto flex items-center gap-3 rounded-lg border p-3">
        <Avatar>
          <AvatarFallback className="bg-accent text-accent-foreground">JD</AvatarFallback>
        </Avatar>
        <div className="text-sm">
          <p className="font-semibold">Jamie Doe</p>
          <p className="text-muted-foreground">Admin</p>
        </div>
      </div>
    </div>
  );
}

/** The navigation beside the content from 1024 px up. */
export function Sidebar({ appName }: { appName: string }) {
  return (
    <aside className="sticky top-0 hidden h-svh w-64 shrink-0 border-r bg-card lg:block">
      <SidebarBody appName={appName} />
    </aside>
  );
}

/** The same navigation in a sheet, below 1024 px. */
export function MobileNav({ appName }: { appName: string }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="lg:hidden" aria-label="Open navigation">
          <Menu />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="w-72 p-0">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SidebarBody appName={appName} />
      </SheetContent>
    </Sheet>
  );
}
