/**
 * Mounts a React page on its root element: createRoot where WordPress's
 * React has it, render before.
 */

import { createElement, createRoot, render } from '@wordpress/element';

export function mount( id, component ) {
	const root = document.getElementById( id );
	if ( ! root ) {
		return;
	}
	if ( createRoot ) {
		createRoot( root ).render( createElement( component ) );
	} else {
		render( createElement( component ), root );
	}
}

/** Whether a failed call means the service does not know the method yet. */
export function unknownMethod( r ) {
	return !! r && ! r.ok && !! r.body && 'arshline_method_not_found' === r.body.code;
}
