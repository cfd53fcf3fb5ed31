<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'c7881c183ccd7f3b537a');
