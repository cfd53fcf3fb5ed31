/**
 * The page's configuration, printed by PHP as window.arshlineSidecar:
 * language, direction, the Hosha2 action nonces and the poll interval.
 */

const cfg = window.arshlineSidecar || {};

export const locale = cfg.locale;
export const nonces = cfg.nonces || {};
export const isFa = 'fa_IR' === cfg.locale;
export const POLL_MS = ( cfg.poll && cfg.poll.interval_ms ) || 400;

/** Which page of the plugin this is (forms, new, form, ai, settings), and on a form's screen its form and tab. */
export const page = cfg.page || '';
export const formId = Number( cfg.formId ) || 0;
export const tab = cfg.tab || '';
export const canManageOptions = !! cfg.canManageOptions;
/** The plugin's version, shown beside the service's. */
export const version = String( cfg.version || '' );

/** The admin address of a page of the plugin (forms, new, form, ai, settings). */
export function pageUrl( name, args ) {
	var url = ( cfg.pages && cfg.pages[ name ] ) || '';
	Object.keys( args || {} ).forEach( function ( key ) {
		url += ( url.indexOf( '?' ) >= 0 ? '&' : '?' ) + encodeURIComponent( key ) + '=' + encodeURIComponent( args[ key ] );
	} );
	return url;
}

/** The address of a tab of a form's screen. */
export function formUrl( id, which ) {
	return pageUrl( 'form', { form: Number( id ), tab: which || 'build' } );
}
