/**
 * New form: a title, and how to begin — a blank form, a command in the
 * admin's words (planned, previewed, then run), or a description Hosha2
 * turns into the whole form — then the form's Build tab.
 */

import { createElement as h, useState } from '@wordpress/element';
import { Button, Notice, RadioControl, TextControl, TextareaControl, Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { call, describe } from '../api';
import { formUrl, locale, nonces } from '../config';
import { num } from '../i18n';
import { mount } from '../mount';
import { useProgress } from '../progress';
import { ready } from './ready';

function go( id ) {
	window.location.href = formUrl( id, 'build' );
}

function NewForm() {
	const [ title, setTitle ] = useState( '' );
	const [ start, setStart ] = useState( 'blank' );
	const [ text, setText ] = useState( '' );
	const [ busy, setBusy ] = useState( false );
	const [ error, setError ] = useState( '' );
	const [ plan, setPlan ] = useState( null );
	const [ job, setJob ] = useState( null );
	const progress = useProgress( job ? '/hosha2/v1/requests/' + encodeURIComponent( job.req ) + '/progress' : '' );

	if ( job && 'done' === progress.status ) {
		go( job.form );
	}

	function fail( r ) {
		setBusy( false );
		setError( describe( r ).text );
	}

	function create() {
		return call( { path: '/arshline/v1/forms', method: 'POST', data: { title: title.trim() } } );
	}

	function submit( event ) {
		event.preventDefault();
		setError( '' );
		if ( 'command' !== start && ! title.trim() ) {
			setError( __( 'Give the form a title.', 'arshline-sidecar' ) );
			return;
		}
		if ( 'blank' !== start && ! text.trim() ) {
			setError( 'command' === start ? __( 'Type a command first.', 'arshline-sidecar' ) : __( 'Describe the form first.', 'arshline-sidecar' ) );
			return;
		}
		setBusy( true );
		if ( 'command' === start ) {
			call( { path: '/arshline/v1/ai/plan', method: 'POST', data: { text } } ).then( function ( r ) {
				if ( ! r.ok ) {
					fail( r );
					return;
				}
				setBusy( false );
				if ( r.body.none ) {
					setError( r.body.reason || __( 'This command does not change anything that can be previewed.', 'arshline-sidecar' ) );
					return;
				}
				setPlan( r.body );
			} );
			return;
		}
		create().then( function ( r ) {
			if ( ! r.ok ) {
				fail( r );
				return;
			}
			const form = r.body.form || r.body;
			if ( 'blank' === start ) {
				go( form.id );
				return;
			}
			call( {
				path: '/hosha2/v1/forms/' + encodeURIComponent( form.id ) + '/generate',
				method: 'POST',
				headers: { 'X-Hosha2-Nonce': nonces.generate },
				data: { prompt: text, options: { locale } },
			} ).then( function ( g ) {
				if ( ! g.ok ) {
					fail( g );
					return;
				}
				if ( g.body.data && g.body.data.final_form ) {
					go( form.id );
					return;
				}
				setJob( { req: g.body.request_id, form: form.id } );
			} );
		} );
	}

	function execute() {
		setBusy( true );
		call( { path: '/arshline/v1/ai/execute', method: 'POST', data: { plan: plan.plan, confirm: true } } ).then( function ( r ) {
			if ( ! r.ok ) {
				fail( r );
				return;
			}
			const touched = r.body.forms_touched || [];
			const results = r.body.results || [];
			const id = touched[ 0 ] || ( results[ 0 ] && results[ 0 ].form_id );
			if ( id ) {
				go( id );
				return;
			}
			setBusy( false );
			setError( __( 'The command ran but made no form.', 'arshline-sidecar' ) );
		} );
	}

	const choices = [
		{ label: __( 'A blank form', 'arshline-sidecar' ), value: 'blank' },
		{ label: __( 'From a command, in my own words', 'arshline-sidecar' ), value: 'command' },
		{ label: __( 'Built by Hosha2 from a description (needs an AI model)', 'arshline-sidecar' ), value: 'hosha2' },
	];
	return h(
		'form',
		{ className: 'arsh-card arsh-new-form', onSubmit: submit, noValidate: true },
		error ? h( Notice, { status: 'error', isDismissible: false }, error ) : null,
		'command' !== start
			? h( TextControl, { label: __( 'Title of the new form', 'arshline-sidecar' ), value: title, onChange: setTitle, maxLength: 160, className: 'arsh-new-title' } )
			: null,
		h( RadioControl, { label: __( 'How to begin', 'arshline-sidecar' ), selected: start, options: choices, onChange: ( v ) => { setStart( v ); setPlan( null ); setError( '' ); } } ),
		'blank' !== start
			? h( TextareaControl, {
					label: 'command' === start ? __( 'Tell Arshline what to do, in your own words', 'arshline-sidecar' ) : __( 'Describe the form you want', 'arshline-sidecar' ),
					help: 'command' === start ? __( 'For example: create a new form with two short answer questions and name it Checkup 3', 'arshline-sidecar' ) : null,
					value: text,
					onChange: setText,
					rows: 3,
					maxLength: 'command' === start ? 2000 : 4000,
					className: 'arsh-new-text',
			  } )
			: null,
		plan
			? h(
					'div',
					{ className: 'arsh-block', id: 'arsh-new-preview' },
					h( 'h2', null, __( 'What will happen', 'arshline-sidecar' ) ),
					h( 'ol', null, ( plan.preview || [] ).map( ( line, i ) => h( 'li', { key: i }, h( 'bdi', null, 'string' === typeof line ? line : line.text || '' ) ) ) ),
					h( Button, { variant: 'primary', onClick: execute, disabled: busy, id: 'arsh-new-execute' }, __( 'Confirm and run', 'arshline-sidecar' ) )
			  )
			: null,
		job && 'running' === progress.status
			? h(
					'div',
					{ className: 'arsh-block', role: 'status' },
					h( 'progress', { max: 100, value: progress.percent, 'aria-label': __( 'Progress of the generation', 'arshline-sidecar' ) } ),
					h( 'p', null, sprintf( __( '%s percent', 'arshline-sidecar' ), num( progress.percent ) ) )
			  )
			: null,
		job && ( 'failed' === progress.status || 'cancelled' === progress.status )
			? h( Notice, { status: 'error', isDismissible: false }, progress.error || __( 'The generation was cancelled.', 'arshline-sidecar' ) )
			: null,
		h(
			'p',
			null,
			h( Button, { variant: 'primary', type: 'submit', isBusy: busy, disabled: busy || !! job, id: 'arsh-new-create' }, 'command' === start ? __( 'Preview', 'arshline-sidecar' ) : __( 'Create the form', 'arshline-sidecar' ) ),
			busy ? h( Spinner ) : null
		)
	);
}

ready( function () {
	mount( 'arsh-new-form-root', NewForm );
} );
