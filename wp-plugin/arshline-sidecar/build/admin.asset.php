<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '7894e6a4d4cf513acb17');
