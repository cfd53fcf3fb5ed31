<?php return array('dependencies' => array(), 'version' => '45e92191423d972d17bb');
