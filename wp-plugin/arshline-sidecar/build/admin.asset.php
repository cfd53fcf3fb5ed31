<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '71f9299ac53565c9c14c');
