import { describe, expect, it } from 'vitest';
import { flowRegistry } from '../../src/app/flowList';
import { allMachines } from '../../src/app/machineList';
import { pageTitle } from '../../src/app/pageTitle';
import { adminMenuItems } from '../../src/app/layouts/adminMenu';
import { REDACTED } from '../../src/app/redact';
import { createSecretRedactor } from '../../src/app/secretRedactor';
import {
  impersonationEndPath,
  matchRoute,
  signsOutAt,
  type FlowAccess,
} from '../../src/machines/flows';
import { ADMIN_MENU_LABELS } from '../support/menus';

/** What the inspector receives of a value (a fresh redactor: it learns the secrets it meets). */
const redactSecrets = <T>(value: T): T => createSecretRedactor().redact(value) as T;

/**
 * The real flow registry, checked as a table against the spec (architecture.md §3): no two flows claim
 * a path, every secret param is redacted, every route's access and layout are those of spec §2.1
 * and §6, and the sign-out rule of spec §2.1 holds.
 */
const routes = flowRegistry.flatMap((flow) =>
  flow.routes.map((route) => ({ flow, route, access: route.access ?? flow.access })),
);
/** A path that a route pattern matches (its params filled in). */
const samplePath = (pattern: string) =>
  pattern === '*' ? '/some/unknown/path' : pattern.replace(/:([a-z]+)/gi, 'sample-$1');

describe('the flow registry', () => {
  it('has unique flow ids, and no two routes claim one path', () => {
    const ids = flowRegistry.map((flow) => flow.id);
    expect(new Set(ids).size).toBe(ids.length);
    const shapes = routes.map(({ route }) => route.path.replace(/:[^/]+/g, ':'));
    expect(new Set(shapes).size).toBe(shapes.length);
    // Every route is matched by its own flow, whatever the registry's order.
    for (const { flow, route } of routes) {
      expect(matchRoute(flowRegistry, samplePath(route.path))?.flowId).toBe(flow.id);
      expect(matchRoute([...flowRegistry].reverse(), samplePath(route.path))?.route).toBe(route);
    }
  });

  // Spec §2.1 layouts and §6 roles, route by route: the rows each flow's mirror test folder
  // brings by convention (tests/features/<flow>/routeSpec.ts exporting `routeSpec`), so a new
  // flow adds its rows in its own folder and edits no list here.
  const SPEC: Record<string, { layout: string; access: FlowAccess }> = {
    ...Object.assign(
      {},
      ...Object.values(
        import.meta.glob<Record<string, { layout: string; access: FlowAccess }>>(
          '../features/*/routeSpec.ts',
          { eager: true, import: 'routeSpec' },
        ),
      ),
    ),
  };
  it("has a route for every row of the flows' spec tables", () => {
    expect(Object.keys(SPEC).sort()).toEqual(routes.map(({ route }) => route.path).sort());
  });
  it.each(routes.map((r) => [r.route.path, r] as const))(
    '%s has the layout and access of spec §2.1 and §6',
    (path, { route, access }) => {
      expect(SPEC[path], `${path} is not in the spec table of this test`).toBeDefined();
      expect({ layout: route.layout, access }).toEqual(SPEC[path]);
      // Every app-layout screen needs a signed-in Administrator or User (spec §6).
      if (route.layout === 'app') expect(access).not.toBe('public');
      // The admin layout is the admin section's only (spec §2.3 Admin, §6).
      expect(route.layout === 'admin', path).toBe(access === 'host');
    },
  );

  it('signs out on the paths of spec §2.1, and only there', () => {
    const prefixes = [
      'login',
      'signup',
      'forgotten-password',
      'invitation',
      'logout',
      'auth/logout',
      'brand-signup',
      'account/login',
      'buyer-signup',
      // Spec §2.3 Start signup: 'The user is signed out on load.'
      'start-signup',
    ];
    for (const { flow, route } of routes) {
      const path = samplePath(route.path).replace(/^\//, '');
      const expected = route.path !== '*' && prefixes.some((prefix) => path.startsWith(prefix));
      expect(Boolean(flow.signsOutOnVisit), route.path).toBe(expected);
    }
  });

  it('signs out on any path that starts with those words, claimed by a flow or not (spec §2.1)', () => {
    for (const path of [
      '/loginfoo',
      '/login/extra',
      '/signup/extra',
      '/signupx',
      '/forgotten-passwords',
      '/invitation',
      '/logout/now',
      '/auth/logout/x',
      '/brand-signup-x',
      '/account/login/x',
      '/buyer-signup/x',
    ]) {
      expect(signsOutAt(flowRegistry, path), path).toBe(true);
    }
    for (const path of ['/', '/feed', '/account/profile', '/account', '/auth', '/admin', '/logi']) {
      expect(signsOutAt(flowRegistry, path), path).toBe(false);
    }
  });

  it('sends a person who signs in on an auth screen to /feed, and the login to /dashboard', () => {
    for (const flow of flowRegistry) {
      if (flow.id === 'login') {
        expect(flow.whenSignedIn).toEqual({ to: '/dashboard', orRemembered: true });
      } else if (flow.id === 'invitation') {
        // Spec §4 Invitation: an accepted invitation goes to /dashboard.
        expect(flow.whenSignedIn).toEqual({ to: '/dashboard' });
      } else if (flow.id === 'adminUsers') {
        // Issue 19: an impersonation started on /admin/users goes to the user's feed.
        expect(flow.whenSignedIn).toEqual({ to: '/feed' });
      } else if (flow.signsOutOnVisit && flow.id !== 'logout') {
        expect(flow.whenSignedIn, flow.id).toEqual({ to: '/feed' });
      } else {
        expect(flow.whenSignedIn, flow.id).toBeUndefined();
      }
    }
    expect(flowRegistry.find((flow) => flow.id === 'logout')?.whenSignedOut).toBe('/');
    // /brand-signup and /buyer-signup: signed out, they start signup.
    expect(flowRegistry.find((flow) => flow.id === 'signupEntry')?.whenSignedOut).toBe(
      '/start-signup',
    );
  });

  it('redacts every secret route param before the inspector sees it', () => {
    const secretRoutes = routes.filter(({ flow }) => (flow.secretParams ?? []).length > 0);
    expect(secretRoutes.map(({ route }) => route.path).sort()).toEqual([
      '/account/confirm-email/:key',
      '/activate/:key',
      '/forgotten-password/:key',
      '/invitation/:key',
    ]);
    for (const { route } of secretRoutes) {
      const path = route.path.replace(':key', 'the-secret-key');
      const copy = redactSecrets({ pathname: path, url: `${path}?x=1` });
      expect(JSON.stringify(copy)).not.toContain('the-secret-key');
      expect(copy.pathname).toBe(route.path.replace(':key', REDACTED));
    }
    // Other paths are left as they are.
    expect(redactSecrets({ pathname: '/create-post/42' }).pathname).toBe('/create-post/42');
  });

  it('redacts every secret query param (the return from checkout, the sign-in callback) before the inspector sees it', () => {
    const secret = flowRegistry.flatMap((flow) =>
      (flow.secretQuery ?? []).map((name) => ({ flow, name })),
    );
    expect(secret.map(({ flow, name }) => `${flow.id}:${name}`)).toEqual([
      'signInCallback:code',
      'signInCallback:state',
      'payments:session_id',
    ]);
    for (const { flow, name } of secret) {
      // The flow reads it once and the address loses it (readsQuery).
      expect(flow.readsQuery).toContain(name);
      const copy = redactSecrets({
        search: `?${name}=cs_secret_1&x=1`,
        url: `/account/organisation/payments?x=1&${name}=cs_secret_1#top`,
        input: { sessionId: 'cs_secret_1' },
      });
      expect(JSON.stringify(copy)).not.toContain('cs_secret_1');
      expect(copy.search).toBe(`?${name}=${REDACTED}&x=1`);
      expect(copy.url).toBe(`/account/organisation/payments?x=1&${name}=${REDACTED}#top`);
    }
    // Other query params are left as they are.
    expect(redactSecrets({ search: '?checkout=canceled' }).search).toBe('?checkout=canceled');
  });

  it('gives every route a page title (the site name plus it)', () => {
    for (const { route } of routes) expect(route.title.length).toBeGreaterThan(0);
    expect(pageTitle('Welcome Back')).toBe('Givedrop | Welcome Back');
  });

  it('reads each flow input from its route', () => {
    const input = (flowId: string, pathname: string, search = '') => {
      const flow = flowRegistry.find((f) => f.id === flowId)!;
      const match = matchRoute(flowRegistry, pathname)!;
      return flow.input?.({ pathname, params: match.params, search, configuration: null });
    };
    expect(input('signup', '/signup-charity', '?error=Oops')).toEqual({
      accountType: 'Charity',
      minimumPasswordLength: 6,
      errorParam: 'Oops',
    });
    expect(input('signup', '/signup')).toMatchObject({ accountType: 'Individual' });
    expect(input('passwordReset', '/forgotten-password/k%2F1')).toEqual({
      key: 'k/1',
      minimumPasswordLength: 6,
    });
    expect(input('activation', '/activate/a1')).toEqual({ key: 'a1' });
    expect(input('emailConfirmation', '/account/confirm-email/c1')).toEqual({ key: 'c1' });
    expect(input('createPost', '/create-post/42')).toEqual({ postId: 42 });
    expect(input('createPost', '/create-post')).toEqual({ postId: null });
    // Not a post id: Update Post says 'Post not found' (issue 34), never an empty Create form.
    expect(input('createPost', '/create-post/0')).toEqual({ postId: 0 });
    expect(input('createPost', '/create-post/abc')).toEqual({ postId: 0 });
    expect(input('home', '/feed', '?new=guid-1')).toEqual({ showFirstGuid: 'guid-1' });
    expect(input('home', '/feed', `?new=${'x'.repeat(65)}`)).toEqual({ showFirstGuid: null });
    const payments = '/account/organisation/payments';
    expect(input('payments', payments, '?session_id=cs_1')).toEqual({
      sessionId: 'cs_1',
      checkoutCanceled: false,
    });
    expect(input('payments', payments, '?checkout=canceled')).toEqual({
      sessionId: null,
      checkoutCanceled: true,
    });
    expect(input('payments', payments, `?session_id=${'x'.repeat(256)}`)).toEqual({
      sessionId: null,
      checkoutCanceled: false,
    });
    expect(input('payments', payments, '?session_id=%20')).toMatchObject({ sessionId: null });
  });

  it('returns a host who stops impersonating to /admin/users, the one route that says so (spec §2.3 Admin)', () => {
    expect(
      routes.filter(({ route }) => route.endsImpersonation).map(({ route }) => route.path),
    ).toEqual(['/admin/users']);
    expect(impersonationEndPath(flowRegistry)).toBe('/admin/users');
    expect(impersonationEndPath([])).toBe('/');
  });

  it('lists every machine once for the diagrams and the path coverage', async () => {
    const machines = await allMachines();
    const ids = machines.map((machine) => machine.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining(['app', 'login', 'signup', 'postsFeed', 'dropsCarousel']),
    );
  });
});

describe('the admin side menu (spec §2.3 Admin), derived from the registry', () => {
  it('lists the admin routes that carry a menu item, in their order, the current one marked', () => {
    const items = adminMenuItems(flowRegistry, '/admin/reports/');
    expect(items.map((item) => item.label)).toEqual(ADMIN_MENU_LABELS);
    expect(items[0]).toEqual({
      label: 'Email Templates',
      href: '/admin/email-templates',
      current: false,
    });
    expect(items[1]).toEqual({
      label: 'Product Categories',
      href: '/admin/product-categories',
      current: false,
    });
    expect(items[2]).toEqual({ label: 'Reports', href: '/admin/reports', current: true });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    // Every item's page exists: a route of the admin layout, which only host Administrators see.
    for (const item of items) {
      const match = matchRoute(flowRegistry, item.href);
      expect(match?.route.layout, item.href).toBe('admin');
    }
    // The overview itself is no item; nothing is current there.
    expect(adminMenuItems(flowRegistry, '/admin').some((item) => item.current)).toBe(false);
  });

  it('grows with a new flow only: a route with an adminMenu brings its item', () => {
    const extra = {
      routes: [
        {
          path: '/admin/extra',
          layout: 'admin' as const,
          title: 'Extra',
          adminMenu: { label: 'Extra', order: 15 },
        },
        // Not the admin layout, or no menu item: not listed.
        { path: '/x', layout: 'app' as const, title: 'X', adminMenu: { label: 'X', order: 1 } },
        { path: '/admin/hidden', layout: 'admin' as const, title: 'Hidden' },
      ],
    };
    const labels = adminMenuItems([...flowRegistry, extra], '/admin/extra').map((i) => i.label);
    expect(labels.slice(0, 2)).toEqual(['Email Templates', 'Extra']);
    expect(labels).not.toContain('X');
    expect(labels).not.toContain('Hidden');
  });
});
