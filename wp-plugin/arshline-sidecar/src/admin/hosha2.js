/**
 * Hosha2 on the AI commands page: a whole form from a description, into a
 * new form or one chosen, with its progress (the shared useProgress hook),
 * cancel, and the form as visitors will see it.
 */

import {
	createElement as h,
	useEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { Button, SelectControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

import { call } from './api';
import { locale, nonces } from './config';
import { num, phaseLabel } from './i18n';
import { FormPreview } from './preview-frame';
import { useProgress } from './progress';
import { store, loadForms } from './store';
import { FocusedBlock, Outcome, TextArea } from './ui';

const PHASES = [
	'analyze_input',
	'build_capabilities',
	'openai_send',
	'validate_response',
	'persist_form',
	'render_preview',
];

/** The phases done once phase is: the service runs them in this order. */
export function phasesDone( phase, status ) {
	if ( 'done' === status ) {
		return PHASES.slice();
	}
	const at = PHASES.indexOf( phase );
	return at < 0 ? [] : PHASES.slice( 0, at + 1 );
}

function Progress( { progress, onCancel, cancelling } ) {
	const done = phasesDone( progress.phase, progress.status );
	const current = PHASES.filter( ( p ) => done.indexOf( p ) < 0 )[ 0 ] || '';
	const value = Math.max(
		0,
		Math.min( 100, Math.round( progress.percent ) )
	);
	const phaseClass = function ( p ) {
		if ( done.indexOf( p ) >= 0 ) {
			return 'done';
		}
		return p === current ? 'current' : '';
	};
	const label = current
		? sprintf(
				/* translators: 1: percent done, 2: the step under way. */ __(
					'%1$s percent — %2$s',
					'arshline-sidecar'
				),
				num( value ),
				phaseLabel( current )
			)
		: sprintf(
				/* translators: %s: percent done. */ __(
					'%s percent',
					'arshline-sidecar'
				),
				num( value )
			);
	return h(
		'div',
		{ id: 'arsh-h2-progress', className: 'arsh-block' },
		h(
			'div',
			{
				className: 'arsh-progress',
				id: 'arsh-h2-bar',
				role: 'progressbar',
				'aria-valuemin': 0,
				'aria-valuemax': 100,
				'aria-valuenow': value,
				'aria-valuetext': sprintf(
					/* translators: %s: percent done. */ __(
						'%s percent',
						'arshline-sidecar'
					),
					num( value )
				),
				'aria-labelledby': 'arsh-h2-progress-label',
			},
			h( 'div', {
				className: 'arsh-progress-fill',
				style: { width: value + '%' },
			} )
		),
		h(
			'p',
			{ id: 'arsh-h2-progress-label', 'aria-live': 'polite' },
			label
		),
		h(
			'ol',
			{ id: 'arsh-h2-phases', className: 'arsh-phases' },
			PHASES.map( ( p ) =>
				h(
					'li',
					{
						key: p,
						className: 'arsh-phase ' + phaseClass( p ),
						'data-phase': p,
						'aria-current': p === current ? 'step' : undefined,
					},
					phaseLabel( p )
				)
			)
		),
		h(
			'p',
			null,
			h(
				Button,
				{
					variant: 'secondary',
					id: 'arsh-h2-cancel',
					onClick: onCancel,
					disabled: cancelling,
					isBusy: cancelling,
				},
				__( 'Cancel', 'arshline-sidecar' )
			)
		)
	);
}

function Result( { result } ) {
	return h(
		FocusedBlock,
		{ id: 'arsh-h2-result', title: __( 'The generated form', 'arshline-sidecar' ), shown: result },
		h(
			'div',
			{ id: 'arsh-h2-preview', className: 'arsh-form-preview' },
			h( FormPreview, { formId: result.formId, doc: result.doc } )
		)
	);
}

export function Hosha2() {
	const forms = useSelect( ( s ) => s( store ).getForms(), [] );
	const job = useSelect( ( s ) => s( store ).getJob(), [] );
	const { setJob } = useDispatch( store );
	const [ target, setTarget ] = useState(
		new URLSearchParams( window.location.search ).get( 'form' ) || 'new'
	);
	// A form asked for (?form=ID) that is not listed is no choice.
	const chosen = forms.some( ( f ) => String( f.id ) === target )
		? target
		: 'new';
	const [ prompt, setPrompt ] = useState( '' );
	const [ note, setNote ] = useState( null );
	const [ starting, setStarting ] = useState( false );
	const [ cancelling, setCancelling ] = useState( false );
	const [ result, setResult ] = useState( null );
	const box = useRef();
	useEffect( function () {
		loadForms().then(
			( failed ) =>
				failed &&
				setNote( {
					error: failed,
					retry: () =>
						loadForms().then( ( again ) =>
							setNote( again ? { error: again } : null )
						),
				} )
		);
	}, [] );
	const progress = useProgress(
		job
			? '/hosha2/v1/requests/' +
					encodeURIComponent( job.req ) +
					'/progress'
			: ''
	);

	// How the job ended: its form shown, or why it did not finish.
	useEffect(
		function () {
			if ( ! job || 'running' === progress.status || ! progress.status ) {
				return;
			}
			setJob( null );
			setCancelling( false );
			if ( 'done' === progress.status ) {
				finish( job.formId, progress.result );
			} else if ( 'cancelled' === progress.status ) {
				setNote( {
					status: 'warning',
					text: __(
						'The generation was cancelled.',
						'arshline-sidecar'
					),
				} );
			} else {
				setNote( {
					status: 'error',
					text:
						progress.error ||
						__( 'The generation failed.', 'arshline-sidecar' ),
				} );
			}
		},
		[ progress.status ]
	);

	function finish( formId, answer ) {
		const data = ( answer && ( answer.data || answer ) ) || {};
		const doc =
			data.final_form || ( data.state && data.state.document ) || null;
		setResult( doc ? { formId, doc } : null );
		setNote( {
			status: 'success',
			text: __(
				'The form was generated and saved as a new version.',
				'arshline-sidecar'
			),
		} );
		loadForms();
	}

	/** The form to fill: the one chosen, or a new one titled by the description. */
	function formFor( description ) {
		if ( 'new' !== chosen ) {
			return Promise.resolve( { id: Number( chosen ) } );
		}
		const title =
			description.length > 60
				? description.slice( 0, 60 ) + '…'
				: description;
		return call( {
			path: '/arshline/v1/forms',
			method: 'POST',
			data: { title },
		} ).then( function ( r ) {
			if ( ! r.ok ) {
				return { r };
			}
			const form = r.body.form || r.body;
			return loadForms().then( function () {
				setTarget( String( form.id ) );
				return { id: form.id };
			} );
		} );
	}

	function start( event ) {
		if ( event ) {
			event.preventDefault();
		}
		const description = prompt.trim();
		setNote( null );
		if ( ! description ) {
			setNote( {
				status: 'error',
				text: __( 'Describe the form first.', 'arshline-sidecar' ),
			} );
			box.current.focus();
			return;
		}
		setStarting( true );
		setResult( null );
		formFor( description ).then( function ( made ) {
			if ( made.r ) {
				setStarting( false );
				setNote( { error: made.r, retry: start } );
				return;
			}
			call( {
				path:
					'/hosha2/v1/forms/' +
					encodeURIComponent( made.id ) +
					'/generate',
				method: 'POST',
				headers: { 'X-Hosha2-Nonce': nonces.generate },
				data: { prompt: description, options: { locale } },
			} ).then( function ( r ) {
				setStarting( false );
				if ( ! r.ok ) {
					setNote( { error: r, retry: start } );
					return;
				}
				if ( r.body.data && r.body.data.final_form ) {
					finish( made.id, r.body );
					return;
				}
				setJob( { req: r.body.request_id, formId: made.id } );
			} );
		} );
	}

	function cancel() {
		if ( ! job ) {
			return;
		}
		setCancelling( true );
		call( {
			path:
				'/hosha2/v1/requests/' +
				encodeURIComponent( job.req ) +
				'/cancel',
			method: 'POST',
			headers: { 'X-Hosha2-Nonce': nonces.cancel },
		} ).then( function ( r ) {
			// On success the progress reports the cancelled job.
			if ( ! r.ok ) {
				setCancelling( false );
				setNote( { error: r, retry: cancel } );
			}
		} );
	}

	const running = !! job;
	const options = [
		{ value: 'new', label: __( 'A new form', 'arshline-sidecar' ) },
	].concat(
		forms.map( ( f ) => ( {
			value: String( f.id ),
			label: sprintf(
				/* translators: 1: form number, 2: form title. */ __(
					'Form %1$s: %2$s',
					'arshline-sidecar'
				),
				num( f.id ),
				f.title
			),
		} ) )
	);
	return h(
		'section',
		{ className: 'arsh-card', 'aria-labelledby': 'arsh-h2-title' },
		h(
			'h2',
			{ id: 'arsh-h2-title', tabIndex: -1 },
			__( 'Hosha2: build a form with AI', 'arshline-sidecar' )
		),
		h(
			'form',
			{ id: 'arsh-h2-form', onSubmit: start, noValidate: true },
			h( SelectControl, {
				id: 'arsh-h2-formid',
				label: __( 'Form', 'arshline-sidecar' ),
				value: chosen,
				options,
				onChange: setTarget,
				disabled: running,
			} ),
			h( TextArea, {
				id: 'arsh-h2-prompt',
				label: __( 'Describe the form you want', 'arshline-sidecar' ),
				value: prompt,
				onChange: setPrompt,
				rows: 3,
				maxLength: 4000,
				ref: box,
			} ),
			h(
				'p',
				null,
				h(
					Button,
					{
						variant: 'primary',
						type: 'submit',
						id: 'arsh-h2-start',
						isBusy: starting || running,
						disabled: starting || running,
					},
					__( 'Build the form', 'arshline-sidecar' )
				)
			)
		),
		running
			? h( Progress, { progress, onCancel: cancel, cancelling } )
			: null,
		h(
			'div',
			{ id: 'arsh-h2-msg', className: 'arsh-msg' },
			h( Outcome, { note } )
		),
		result ? h( Result, { result } ) : null
	);
}
