/**
 * A form's Versions tab: every version (newest first) with where it came
 * from, the changes each made as sentences, and rollback — itself a new
 * version; a version the current document rules refuse is answered with
 * the rules it breaks.
 */

import { createElement as h, Fragment, useEffect, useLayoutEffect, useRef, useState } from '@wordpress/element';
import { Button, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { call } from '../api';
import { CallNotice, failure } from '../call-notice';
import { formId } from '../config';
import { dateFormat, num, sourceLabel } from '../i18n';
import { mount } from '../mount';
import { changeLines } from '../version-changes';
import { ready } from './ready';

const versionsPath = '/hosha2/v1/forms/' + encodeURIComponent( formId ) + '/versions';

function getVersion( id ) {
	return call( { path: versionsPath + '/' + encodeURIComponent( id ) } );
}

/** Parts of a sentence: the page's words, and what a person or model wrote, isolated. */
function Parts( { parts } ) {
	return parts.map( ( p, i ) => ( 'string' === typeof p ? h( Fragment, { key: i }, p ) : h( 'bdi', { key: i }, p.bdi ) ) );
}

/** The changes a version made against the one before it. */
function Diff( { v, older } ) {
	const [ lines, setLines ] = useState( null );
	const [ notice, setNotice ] = useState( null );
	const [ tries, setTries ] = useState( 0 );
	const heading = useRef( null );
	useEffect(
		function () {
			let live = true;
			setLines( null );
			setNotice( null );
			Promise.all( [ getVersion( v.id ) ].concat( older ? [ getVersion( older.id ) ] : [] ) ).then( function ( answers ) {
				if ( ! live ) {
					return;
				}
				const bad = answers.filter( ( a ) => ! a.ok )[ 0 ];
				if ( bad ) {
					setNotice( failure( bad ) );
					return;
				}
				const cur = answers[ 0 ].body.data;
				const prev = answers[ 1 ] ? answers[ 1 ].body.data : null;
				setLines( changeLines( prev ? prev.state : null, cur.state, cur.diff ) );
			} );
			return () => {
				live = false;
			};
		},
		[ v.id, older ? older.id : 0, tries ]
	);
	useLayoutEffect(
		function () {
			if ( lines && heading.current ) {
				heading.current.focus();
			}
		},
		[ lines ]
	);
	return h(
		'div',
		{ id: 'arsh-diff', className: 'arsh-diff arsh-block' },
		h( 'h3', { tabIndex: -1, ref: heading }, sprintf( __( 'Changes in version %s', 'arshline-sidecar' ), num( v.seq ) ) ),
		h( CallNotice, { notice, onRetry: () => setTries( tries + 1 ) } ),
		lines
			? h( 'ul', { className: 'arsh-diff-list' }, lines.map( ( line, i ) => h( 'li', { key: i, className: 'arsh-diff-' + line.kind }, h( Parts, { parts: line.parts } ) ) ) )
			: notice
			? null
			: h( Spinner )
	);
}

function Versions() {
	const [ form, setForm ] = useState( null );
	const [ rows, setRows ] = useState( null );
	const [ notice, setNotice ] = useState( null );
	const [ rolling, setRolling ] = useState( 0 );
	const [ shown, setShown ] = useState( null );

	/** Reads the form (its title and current version) and its versions; resolves true when both came. */
	function load() {
		return Promise.all( [ call( { path: '/arshline/v1/forms/' + formId } ), call( { path: versionsPath + '?limit=100' } ) ] ).then( function ( all ) {
			const bad = all.filter( ( r ) => ! r.ok )[ 0 ];
			if ( bad ) {
				setNotice( Object.assign( failure( bad ), { again: 'load' } ) );
				return false;
			}
			setForm( all[ 0 ].body.form || all[ 0 ].body );
			const list = Array.isArray( all[ 1 ].body.data ) ? all[ 1 ].body.data : [];
			setRows( list.slice().sort( ( a, b ) => b.seq - a.seq ) );
			return true;
		} );
	}
	useEffect( function () {
		load();
	}, [] );

	function rollback( v ) {
		setRolling( v.id );
		setNotice( null );
		call( { path: versionsPath + '/' + encodeURIComponent( v.id ) + '/rollback', method: 'POST' } ).then( function ( r ) {
			if ( ! r.ok ) {
				setRolling( 0 );
				setNotice( Object.assign( failure( r ), { again: v } ) );
				return;
			}
			load().then( function ( ok ) {
				setRolling( 0 );
				setShown( null );
				if ( ok ) {
					setNotice( { status: 'success', text: sprintf( __( 'The form was rolled back to version %s; the rollback is itself a new version.', 'arshline-sidecar' ), num( v.seq ) ) } );
				}
			} );
		} );
	}

	function retry() {
		if ( notice && 'load' === notice.again ) {
			setNotice( null );
			load();
		} else if ( notice && notice.again ) {
			rollback( notice.again );
		}
	}

	const title = sprintf( __( 'Versions of form %s', 'arshline-sidecar' ), num( formId ) );
	return h(
		'section',
		{ id: 'arsh-versions', 'aria-labelledby': 'arsh-versions-title' },
		h( 'h2', { id: 'arsh-versions-title', tabIndex: -1 }, form && form.title ? h( Fragment, null, title, ': ', h( 'bdi', null, form.title ) ) : title ),
		h( 'div', { id: 'arsh-versions-msg', className: 'arsh-msg' }, h( CallNotice, { notice, onRetry: retry } ) ),
		rows
			? h(
					'table',
					{ className: 'widefat striped', id: 'arsh-versions-table' },
					h( 'caption', { className: 'screen-reader-text' }, title ),
					h(
						'thead',
						null,
						h(
							'tr',
							null,
							h( 'th', { scope: 'col' }, __( 'Version', 'arshline-sidecar' ) ),
							h( 'th', { scope: 'col' }, __( 'Source', 'arshline-sidecar' ) ),
							h( 'th', { scope: 'col' }, __( 'Created', 'arshline-sidecar' ) ),
							h( 'th', { scope: 'col' }, __( 'Fields', 'arshline-sidecar' ) ),
							h( 'th', { scope: 'col' }, __( 'Actions', 'arshline-sidecar' ) )
						)
					),
					h(
						'tbody',
						{ id: 'arsh-versions-body' },
						rows.map( ( v, i ) => {
							const isHead = form && form.head_version_id === v.id;
							return h(
								'tr',
								{ key: v.id, 'data-version-id': v.id, 'data-seq': v.seq },
								h( 'td', null, num( v.seq ) ),
								h( 'td', null, sourceLabel( v.source ) ),
								h( 'td', null, v.created_at ? dateFormat.format( new Date( v.created_at ) ) : '' ),
								h( 'td', null, 'number' === typeof v.field_count ? num( v.field_count ) : '—' ),
								h(
									'td',
									null,
									h(
										Button,
										{
											variant: 'secondary',
											isSmall: true,
											isPressed: !! shown && shown.v.id === v.id,
											onClick: () => setShown( { v, older: rows[ i + 1 ] || null } ),
											'aria-label': sprintf( __( 'Show the changes of version %s', 'arshline-sidecar' ), num( v.seq ) ),
										},
										__( 'Show changes', 'arshline-sidecar' )
									),
									' ',
									isHead
										? h( 'span', { className: 'arsh-head' }, __( '(current)', 'arshline-sidecar' ) )
										: h(
												Button,
												{
													variant: 'secondary',
													isSmall: true,
													className: 'arsh-rollback',
													isBusy: rolling === v.id,
													disabled: !! rolling,
													onClick: () => rollback( v ),
													'aria-label': sprintf( __( 'Roll back to version %s', 'arshline-sidecar' ), num( v.seq ) ),
												},
												__( 'Roll back to this version', 'arshline-sidecar' )
										  )
								)
							);
						} )
					)
			  )
			: notice
			? null
			: h( Spinner ),
		shown ? h( Diff, { key: shown.v.id, v: shown.v, older: shown.older } ) : null
	);
}

ready( function () {
	mount( 'arsh-form-versions-root', Versions );
} );
