<?php return array('dependencies' => array(), 'version' => 'b892727edfde57382111');
