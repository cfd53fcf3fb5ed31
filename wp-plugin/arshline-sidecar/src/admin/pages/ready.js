/**
 * Runs a page's start once the document is parsed.
 */
export function ready( start ) {
	if ( 'loading' === document.readyState ) {
		document.addEventListener( 'DOMContentLoaded', start );
	} else {
		start();
	}
}
